import { Body, Controller, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import type { PaperAuthorDto } from '@symposium/domain';
import { UserSummaryDoc } from '../users/dto/user.dto.js';
import { UsersService } from '../users/users.service.js';
import { CreateCoAuthorDto } from './dto/papers.dto.js';
import { toPaperAuthorDto } from './papers.mapper.js';

/**
 * The submission form's "create new user" for a co-author not found by e-mail: §5 People rules and messages,
 * 409 'User already present!' for a taken e-mail. The account has no password (its owner sets one through
 * "forgot password"); the answer carries only the co-author picker's fields.
 */
@ApiTags('papers')
@Controller('author/users')
export class AuthorCoAuthorsController {
  constructor(private readonly users: UsersService) {}

  @Post()
  @ApiCreatedResponse({
    type: UserSummaryDoc,
    description: 'The co-author as the co-author picker shows them',
  })
  async create(@Body() body: CreateCoAuthorDto): Promise<PaperAuthorDto> {
    return toPaperAuthorDto(await this.users.create(body, 'author'));
  }
}
