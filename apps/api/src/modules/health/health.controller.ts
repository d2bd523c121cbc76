import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { sql } from 'drizzle-orm';
import { Public } from '../../common/auth-user.js';
import { DB, type Db } from '../../database/database.js';
import { DB_HANDLE } from '../../database/database.module.js';
import type { DatabaseHandle } from '../../database/database.js';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(DB_HANDLE) private readonly handle: DatabaseHandle,
  ) {}

  @Public()
  @Get()
  async health(): Promise<{ status: 'ok'; database: string }> {
    await this.db.execute(sql`select 1`);
    return { status: 'ok', database: this.handle.kind };
  }
}
