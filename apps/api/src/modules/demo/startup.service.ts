import { Injectable } from '@nestjs/common';
import { AuthService } from '../auth/auth.service.js';
import { UsersService } from '../users/users.service.js';
import { DemoSeeder } from './demo-seeder.service.js';

/** Start-up tasks: the first chair from CHAIR_EMAIL/CHAIR_PASSWORD, and the demo conference when asked. */
@Injectable()
export class StartupService {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
    private readonly demo: DemoSeeder,
  ) {}

  /**
   * Returns lines to print (sign-in addresses and generated passwords). loadDemo: load the demo conference
   * when the database has no users yet (main.ts asks for it on the embedded database unless DEMO_DATA=false).
   * The demo's letters and consent signatures (Chromium) follow in the background without delaying the start;
   * application shutdown waits for them.
   */
  async prepare(loadDemo: boolean): Promise<string[]> {
    const lines: string[] = [];
    const empty = (await this.users.count()) === 0;
    const chair = await this.auth.bootstrapChair();
    if (chair) lines.push(`Created the first chair account ${chair.email} (password from CHAIR_PASSWORD).`);
    if (loadDemo && empty)
      lines.push(...((await this.demo.seed({ onlyIfEmpty: false, documents: 'background' })) ?? []));
    return lines;
  }
}
