import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { LoginResponse, PaperAuthorDto, UserDto, UserRoles } from '@symposium/domain';
import type { ChairUsersService, UserSummary } from '../chair-users.service.js';

/*
 * The OpenAPI schemas of the users module's answers (UserDto of libs/domain and its parts), for the API
 * documentation: each class implements the type the routes return, so TypeScript keeps them in step.
 */

export class UserFlagRoleDoc {
  @ApiProperty() is!: boolean;
}

export class UserTrackRoleDoc {
  @ApiProperty({ description: 'True exactly when tracks is non-empty' }) is!: boolean;
  @ApiProperty({ type: [Number] }) tracks!: number[];
}

export class UserReviewerRoleDoc extends UserTrackRoleDoc {
  @ApiProperty({ description: 'Review requests not declined (both kinds)' }) count!: number;
}

export class UserSessionChairRoleDoc {
  @ApiProperty({ type: [Number], description: 'The technical sessions the user chairs' }) sessions!: number[];
}

/** The roles of a user (UserRoles of libs/domain). */
export class UserRolesDoc implements UserRoles {
  @ApiProperty({ type: UserFlagRoleDoc }) admin!: UserFlagRoleDoc;
  @ApiProperty({ type: UserFlagRoleDoc }) chair!: UserFlagRoleDoc;
  @ApiProperty({ type: UserTrackRoleDoc, description: 'Track chair of these tracks' })
  coChair!: UserTrackRoleDoc;
  @ApiProperty({ type: UserReviewerRoleDoc }) reviewer!: UserReviewerRoleDoc;
  @ApiProperty({ type: UserSessionChairRoleDoc }) sessionChair!: UserSessionChairRoleDoc;
}

export class UserLockDoc {
  @ApiProperty({ description: 'A locked account cannot sign in' }) status!: boolean;
}

/** A user (UserDto of libs/domain). */
export class UserDoc implements UserDto {
  @ApiProperty() _id!: number;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty() email!: string;
  @ApiProperty() alternateEmail!: string;
  @ApiProperty() organization!: string;
  @ApiProperty() country!: string;
  @ApiProperty() phone!: string;
  @ApiProperty({ description: 'The conference view is open to the user' }) isRegistered!: boolean;
  @ApiProperty({ description: 'Off: mail sends skip the user' }) notify!: boolean;
  @ApiProperty({ type: UserLockDoc }) lock!: UserLockDoc;
  @ApiProperty({ type: UserRolesDoc }) roles!: UserRolesDoc;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

/** GET /api/author/users: the signed-in user, and who impersonates them while a chair does. */
export class CurrentUserDoc extends UserDoc {
  @ApiPropertyOptional({ description: 'The chair impersonating this user (only while one does)' })
  impersonatorId?: number;
}

/**
 * A person's public contact fields: the co-author picker's search results (UserSummary) and the co-author a
 * submission form creates (PaperAuthorDto of libs/domain); no roles, phone or account state.
 */
export class UserSummaryDoc implements UserSummary, PaperAuthorDto {
  @ApiProperty() _id!: number;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty() email!: string;
  @ApiProperty() organization!: string;
  @ApiProperty() country!: string;
}

/** POST /api/chair/users?isQuery=true: a page of users and the total matching the query. */
export class UserPageDoc implements Awaited<ReturnType<ChairUsersService['query']>> {
  @ApiProperty({ description: 'Users matching the query (every page)' }) count!: number;
  @ApiProperty({ type: [UserDoc] }) data!: UserDoc[];
}

/** POST /api/chair/users/register/{email}/{status}: the message and the user updated. */
export class UserRegisteredDoc implements Awaited<ReturnType<ChairUsersService['setRegistered']>> {
  @ApiProperty() message!: string;
  @ApiProperty({ type: UserDoc }) user!: UserDoc;
}

/**
 * The answer of sign-up, login, a chair's impersonation and its end (LoginResponse of libs/domain): the
 * session token (also set as the httpOnly session cookie, with the CSRF cookie) and the signed-in user.
 */
export class LoginResponseDoc implements LoginResponse {
  @ApiProperty({ description: 'The session token (a JWT), also in the session cookie' }) accessToken!: string;
  @ApiProperty({ type: UserDoc }) user!: UserDoc;
}
