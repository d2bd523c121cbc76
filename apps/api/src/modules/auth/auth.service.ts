import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { normalizeEmail, PASSWORD_RESET_TTL_MINUTES, type LoginResponse } from '@symposium/domain';
import { createHash, randomBytes } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import type { Executor } from '../../database/database.js';
import { TransactionRunner } from '../../database/database.module.js';
import { verifyPassword } from '../../common/passwords.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { ActivityService } from '../activity/activity.service.js';
import { UsersService } from '../users/users.service.js';
import type { UserRow } from '../users/users.service.js';
import { SessionTokens, type TokenPayload } from '../users/session-tokens.service.js';
import { tokenId } from './auth.guard.js';
import { AuthRepository } from './auth.repository.js';
import { RateLimiter } from './rate-limiter.service.js';
import type { SignupDto } from './dto/auth.dto.js';
import { AuthErrors, LOGIN_MESSAGES } from './auth.errors.js';

const WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES_PER_EMAIL = 10;
const MAX_FAILURES_PER_IP = 50;
/** Reset e-mails one inbox can receive, and requests one address can make, per window. */
const MAX_FORGOT_PER_EMAIL = 3;
const MAX_FORGOT_PER_IP = 20;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

@Injectable()
export class AuthService {
  constructor(
    @Inject(JwtService) private readonly jwt: JwtService,
    private readonly tokens: SessionTokens,
    private readonly users: UsersService,
    private readonly repo: AuthRepository,
    private readonly mail: OutboxService,
    private readonly tx: TransactionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly activity: ActivityService,
    private readonly limiter: RateLimiter,
  ) {
    // A user's sessions ending (here, or in the users module: lock, demotion, password change) also ends
    // the reset links still outstanding, in the same transaction.
    users.onSessionsEnd((userId, ex) => repo.invalidateResets(userId, new Date(), ex));
  }

  issueToken(payload: TokenPayload): Promise<string> {
    return this.tokens.issue(payload);
  }

  /** A token for the user (carrying their session version); while impersonating, the chair's too. */
  session(user: UserRow, impersonator?: UserRow): Promise<LoginResponse> {
    return this.tokens.session(user, impersonator);
  }

  /**
   * Ends every session of the user at once (logout, password change or reset, lock, demotion) and, through
   * the hook registered in the constructor, kills the reset links still outstanding.
   */
  endSessions(userId: number, ex?: Executor): Promise<void> {
    return this.users.endSessions(userId, ex);
  }

  /** Sign-out: the token's person (the chair, while impersonating) loses every session. */
  async logout(token: string | undefined): Promise<void> {
    if (!token) return;
    let payload: TokenPayload;
    try {
      payload = await this.jwt.verifyAsync<TokenPayload>(token);
    } catch {
      return;
    }
    const personId = tokenId(payload.imp ?? payload.sub);
    if (personId === undefined) return;
    const sv = payload.imp !== undefined ? payload.isv : payload.sv;
    const person = await this.users.findById(personId);
    // Only a live token ends sessions: a stale one cannot be replayed to sign someone out again.
    if (person && person.sessionVersion === sv) await this.endSessions(person.id);
  }

  async login(emailInput: string, password: string, ip: string): Promise<LoginResponse> {
    const email = normalizeEmail(emailInput);
    // The attempt is counted before the password is checked (a burst cannot pass the limit); only failures
    // count, so a right password gives its attempt back.
    const limits = [
      { key: `login:email:${email}`, max: MAX_FAILURES_PER_EMAIL },
      { key: `login:ip:${ip}`, max: MAX_FAILURES_PER_IP },
    ];
    if (!(await this.limiter.take(limits, WINDOW_MS))) throw AuthErrors.rateLimited();
    const user = await this.users.findByEmail(email);
    // verifyPassword hashes against a dummy when there is no account, so both answers take as long.
    const ok = await verifyPassword(password, user?.passwordHash ?? null);
    await this.repo.recordAttempt(email, ip, ok);
    if (ok) await this.limiter.giveBack(limits);
    if (!user || !ok) throw AuthErrors.invalidCredentials();
    if (user.lockStatus) throw AuthErrors.locked();
    return this.session(user);
  }

  async signup(dto: SignupDto): Promise<LoginResponse> {
    const user = await this.users.create(dto, 'author');
    return this.session(user);
  }

  /** Always answers the same (no account enumeration); e-mails a single-use link when the account exists. */
  async forgotPassword(emailInput: string, ip: string): Promise<{ message: string }> {
    const email = normalizeEmail(emailInput);
    const allowed = await this.limiter.take(
      [
        { key: `forgot:email:${email}`, max: MAX_FORGOT_PER_EMAIL },
        { key: `forgot:ip:${ip}`, max: MAX_FORGOT_PER_IP },
      ],
      WINDOW_MS,
    );
    if (!allowed) throw AuthErrors.forgotRateLimited();
    await this.repo.recordAttempt(email, ip, true, 'forgot');
    const user = await this.users.findByEmail(email);
    if (user && !user.lockStatus) {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000);
      const link = `${this.config.publicUrl}/ResetPassword?token=${token}`;
      await this.tx.run(async (tx) => {
        await this.repo.createReset(user.id, sha256(token), expiresAt, tx);
        await this.mail.enqueue(
          {
            kind: 'password-reset',
            to: [user.email],
            subject: 'Reset your password',
            text:
              `Dear ${user.firstName} ${user.lastName},\n\n` +
              `Someone asked to reset the password of your account. To choose a new password, open:\n\n${link}\n\n` +
              `The link works once and expires in ${PASSWORD_RESET_TTL_MINUTES} minutes. ` +
              'If you did not ask for this, ignore this e-mail.\n',
          },
          tx,
        );
      });
    }
    return { message: LOGIN_MESSAGES.forgotSent };
  }

  async resetPassword(token: string, password: string): Promise<{ message: string }> {
    await this.tx.run(async (tx) => {
      const userId = await this.repo.consumeReset(sha256(token), new Date(), tx);
      if (!userId) throw AuthErrors.resetInvalid();
      await this.users.setPassword(userId, password, tx);
      // Every other link of the user dies with this one, and so does every earlier session.
      await this.endSessions(userId, tx);
    });
    return { message: LOGIN_MESSAGES.resetDone };
  }

  /** Stops impersonation: a fresh session for the chair who started it. */
  async stopImpersonation(
    impersonatorId: number | undefined,
    impersonatedId: number,
  ): Promise<LoginResponse> {
    if (!impersonatorId) throw AuthErrors.notImpersonating();
    const chair = await this.users.findById(impersonatorId);
    if (!chair || chair.lockStatus) throw AuthErrors.unauthenticated();
    const user = await this.users.findById(impersonatedId);
    await this.activity.record({
      actorId: impersonatorId,
      subjectId: impersonatedId,
      action: 'impersonation.stop',
      summary: user
        ? `Stopped acting as ${user.firstName} ${user.lastName} <${user.email}>`
        : `Stopped acting as user ${impersonatedId}`,
      details: { chairId: impersonatorId, userId: impersonatedId },
    });
    return this.session(chair);
  }

  /** On an empty database with CHAIR_EMAIL/CHAIR_PASSWORD set, creates the first chair. */
  async bootstrapChair(): Promise<UserRow | undefined> {
    const { chairEmail, chairPassword } = this.config;
    if (!chairEmail || !chairPassword) return undefined;
    if ((await this.users.count()) > 0) return undefined;
    return this.users.create(
      {
        firstName: 'Conference',
        lastName: 'Chair',
        email: chairEmail,
        alternateEmail: `chair-alternate.${chairEmail}`,
        organization: 'Conference',
        country: '-',
        phone: '-',
        password: chairPassword,
        roles: {
          admin: { is: false },
          chair: { is: true },
          coChair: { is: false, tracks: [] },
          reviewer: { is: false, tracks: [], count: 0 },
          sessionChair: { sessions: [] },
        },
      },
      'author',
    );
  }
}
