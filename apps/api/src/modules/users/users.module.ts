import { Module } from '@nestjs/common';
import { AuthorUsersController } from './author-users.controller.js';
import { ChairUsersController } from './chair-users.controller.js';
import { ChairUsersService } from './chair-users.service.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({
  controllers: [AuthorUsersController, ChairUsersController],
  providers: [UsersRepository, UsersService, ChairUsersService],
  exports: [UsersService],
})
export class UsersModule {}
