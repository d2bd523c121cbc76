import { ApiProperty } from '@nestjs/swagger';

/** GET /api/health's answer (200 ok, 503 unavailable), for the API documentation. */
export class HealthDoc {
  @ApiProperty({ enum: ['ok', 'unavailable'] }) status!: 'ok' | 'unavailable';
  @ApiProperty({ description: 'pglite or postgres' }) database!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'The last probe' })
  checkedAt!: string | null;
  @ApiProperty({ type: Number, nullable: true }) latencyMs!: number | null;
}
