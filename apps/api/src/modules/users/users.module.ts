import { Module } from '@nestjs/common';
import { AuthorProfileController } from './author-profile.controller.js';
import { AuthorUsersController } from './author-users.controller.js';
import { ChairUsersController } from './chair-users.controller.js';
import { ChairUsersService } from './chair-users.service.js';
import { ProfileService } from './profile.service.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({
  controllers: [AuthorUsersController, AuthorProfileController, ChairUsersController],
  providers: [UsersRepository, UsersService, ChairUsersService, ProfileService],
  exports: [UsersService],
})
export class UsersModule {}
