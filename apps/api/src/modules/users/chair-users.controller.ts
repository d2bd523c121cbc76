import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Res,
  StreamableFile,
} from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiParam,
  ApiQuery,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { type LoginResponse, type UserDto } from '@symposium/domain';
import type { Response } from 'express';
import { CurrentUser, type AuthUser } from '../../common/auth-user.js';
import { IdParam } from '../../common/id-param.js';
import { MessageDoc } from '../../common/openapi-docs.js';
import { setSessionCookies } from '../../common/session-cookies.js';
import { createValidationPipe } from '../../common/validation.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { LoginResponseDoc } from './dto/user.dto.js';
import { ChairUsersService } from './chair-users.service.js';
import {
  CreateUserDto,
  ExportUsersDto,
  QueryUsersDto,
  SearchUsersDto,
  UpdateUserDto,
} from './dto/chair-users.dto.js';
import { UserDoc, UserPageDoc, UserRegisteredDoc } from './dto/user.dto.js';
import { toUserResponse } from './users.mapper.js';
import { CHAIR_USER_MESSAGES } from './users.messages.js';
import { RequestErrors } from '../../common/request.errors.js';
import { UsersErrors } from './users.errors.js';

const UserId = () => ApiParam({ name: 'userId', type: Number });
const UserIdParam = () => IdParam('userId', () => UsersErrors.notFound());

const validation = createValidationPipe();
const validate = <T>(metatype: new () => T, body: unknown): Promise<T> =>
  validation.transform(body ?? {}, { type: 'body', metatype }) as Promise<T>;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

@ApiTags('users')
@ApiExtraModels(QueryUsersDto, CreateUserDto)
@Controller('chair/users')
export class ChairUsersController {
  constructor(
    private readonly users: ChairUsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * ?isQuery=true: §5 query → {count, data} (200). Without isQuery: RegisterUser → the new user (201).
   * One path for both (spec §7), so the body is validated here against the DTO the query parameter selects.
   */
  @Post()
  @ApiQuery({ name: 'isQuery', required: false, enum: ['true'] })
  @ApiBody({
    schema: { oneOf: [{ $ref: getSchemaPath(QueryUsersDto) }, { $ref: getSchemaPath(CreateUserDto) }] },
  })
  @ApiOkResponse({ type: UserPageDoc, description: '?isQuery=true: the page of users and their total' })
  @ApiCreatedResponse({ type: UserDoc, description: 'Without isQuery: the new user' })
  async queryOrCreate(
    @Query('isQuery') isQuery: unknown,
    @Body() body: Record<string, unknown>,
    @CurrentUser() caller: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ count: number; data: UserDto[] } | UserDto> {
    if (isQuery === 'true') {
      const dto = await validate(QueryUsersDto, body);
      res.status(200);
      return this.users.query(dto);
    }
    if (isQuery !== undefined && isQuery !== 'false')
      throw RequestErrors.invalid(CHAIR_USER_MESSAGES.isQuery);
    return this.users.create(await validate(CreateUserDto, body), caller);
  }

  /** By exact e-mail, or by first and last name (case-insensitive). */
  @Get('search')
  @ApiOkResponse({ type: [UserDoc] })
  async search(@Query() query: SearchUsersDto): Promise<UserDto[]> {
    return (await this.users.search(query)).map(toUserResponse);
  }

  @Post('export/xls')
  @HttpCode(200)
  @ApiOkResponse({
    description: 'users.xlsx',
    content: { [XLSX]: { schema: { type: 'string', format: 'binary' } } },
  })
  async exportXls(@Body() dto: ExportUsersDto): Promise<StreamableFile> {
    const file = await this.users.exportXlsx(dto);
    return new StreamableFile(file, {
      type: XLSX,
      disposition: 'attachment; filename="users.xlsx"',
      length: file.length,
    });
  }

  /** Starts impersonating: the response and the session cookies carry the user's session. */
  @Post('impersonate/:email')
  @HttpCode(200)
  @ApiOkResponse({ type: LoginResponseDoc, description: "The impersonated user's session" })
  async impersonate(
    @Param('email') email: string,
    @CurrentUser() caller: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginResponse> {
    return setSessionCookies(res, await this.users.impersonate(email, caller), this.config.publicUrl);
  }

  /** Enables ('true') or disables ('false') the user's conference view. */
  @Post('register/:email/:status')
  @HttpCode(200)
  @ApiOkResponse({ type: UserRegisteredDoc })
  register(
    @Param('email') email: string,
    @Param('status') status: string,
  ): Promise<{ message: string; user: UserDto }> {
    return this.users.setRegistered(email, status);
  }

  @Get(':userId')
  @UserId()
  @ApiOkResponse({ type: UserDoc })
  get(@UserIdParam() id: number): Promise<UserDto> {
    return this.users.get(id);
  }

  @Put(':userId')
  @UserId()
  @ApiOkResponse({ type: UserDoc })
  update(
    @UserIdParam() id: number,
    @Body() dto: UpdateUserDto,
    @CurrentUser() caller: AuthUser,
  ): Promise<UserDto> {
    return this.users.update(id, dto, caller);
  }

  @Delete(':userId')
  @UserId()
  @ApiOkResponse({ type: MessageDoc })
  remove(@UserIdParam() id: number, @CurrentUser() caller: AuthUser): Promise<{ message: string }> {
    return this.users.remove(id, caller);
  }
}
