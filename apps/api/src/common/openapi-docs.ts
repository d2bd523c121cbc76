import { ApiProperty } from '@nestjs/swagger';

/** The OpenAPI schema of `{ ok: true }`, the answer of the deletes. */
export class OkDoc {
  @ApiProperty({ enum: [true] }) ok!: true;
}

/** The OpenAPI schema of `{ message }`, the answer of many actions (the spec's text). */
export class MessageDoc {
  @ApiProperty() message!: string;
}
