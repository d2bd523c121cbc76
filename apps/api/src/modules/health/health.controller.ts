import { Controller, Get, Inject, type OnModuleDestroy, type OnModuleInit, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../common/auth-user.js';
import type { DatabaseHandle } from '../../database/database.js';
import { DB_HANDLE } from '../../database/database.module.js';
import { DATABASE_UNAVAILABLE } from '../../database/connection-errors.js';
import { DatabaseProbe } from './database-probe.js';
import { HealthDoc } from './dto/health.dto.js';

const PROBE_MS = Number(process.env.HEALTH_PROBE_MS) || 1000;

@ApiTags('health')
@Controller('health')
export class HealthController implements OnModuleInit, OnModuleDestroy {
  private readonly probe: DatabaseProbe;

  constructor(@Inject(DB_HANDLE) private readonly handle: DatabaseHandle) {
    this.probe = DatabaseProbe.forHandle(handle, PROBE_MS);
  }

  onModuleInit(): void {
    this.probe.start();
  }

  onModuleDestroy(): void {
    this.probe.stop();
  }

  /**
   * 200 while the database answers the background probe (every HEALTH_PROBE_MS, default 1 s), else 503. It
   * answers from the probe's last result, so it stays fast while the database is busy with slow queries.
   */
  @Public()
  @Get()
  @ApiOkResponse({ type: HealthDoc })
  @ApiServiceUnavailableResponse({ type: HealthDoc, description: 'The last probe failed or is overdue' })
  async health(@Res({ passthrough: true }) res: Response): Promise<HealthDoc> {
    const state = await this.probe.state();
    res.setHeader('Cache-Control', 'no-store');
    if (!state.ok) {
      res.status(503);
      res.setHeader('Retry-After', String(DATABASE_UNAVAILABLE.retryAfter));
    }
    return {
      status: state.ok ? 'ok' : 'unavailable',
      database: this.handle.kind,
      checkedAt: state.checkedAt,
      latencyMs: state.latencyMs,
    };
  }
}
