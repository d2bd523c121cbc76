import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { UserDto } from '@symposium/domain';
import { CurrentUser, type AuthUser } from '../../common/auth-user.js';
import { ChairUsersService, toUserSummary, type UserSummary } from './chair-users.service.js';
import { SearchUsersDto } from './dto/chair-users.dto.js';
import { CurrentUserDoc, UserSummaryDoc } from './dto/user.dto.js';
import { toUserResponse } from './users.mapper.js';
import { UsersService } from './users.service.js';
import { UsersErrors } from './users.errors.js';

@ApiTags('users')
@Controller('author/users')
export class AuthorUsersController {
  constructor(
    private readonly users: UsersService,
    private readonly chairUsers: ChairUsersService,
  ) {}

  /** Co-author picker: by exact e-mail, or by first and last name; only the public contact fields. */
  @Get('search')
  @ApiOkResponse({ type: [UserSummaryDoc] })
  async search(@Query() query: SearchUsersDto): Promise<UserSummary[]> {
    return (await this.chairUsers.search(query)).map(toUserSummary);
  }

  /** Start-up call: the current user (with impersonatorId while a chair impersonates). */
  @Get()
  @ApiOkResponse({ type: CurrentUserDoc })
  async me(@CurrentUser() user: AuthUser): Promise<UserDto & { impersonatorId?: number }> {
    const row = await this.users.findById(user.id);
    if (!row) throw UsersErrors.notFound();
    return {
      ...toUserResponse(row),
      ...(user.impersonatorId ? { impersonatorId: user.impersonatorId } : {}),
    };
  }
}
