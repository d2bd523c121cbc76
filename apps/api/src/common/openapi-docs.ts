import { ApiProperty } from '@nestjs/swagger';

/** The OpenAPI schema of `{ ok: true }`, the answer of the deletes. */
export class OkDoc {
  @ApiProperty({ enum: [true] }) ok!: true;
}
