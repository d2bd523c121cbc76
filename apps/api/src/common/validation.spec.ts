import { BadRequestException } from '@nestjs/common';
import { Allow, IsString } from 'class-validator';
import { EmailTemplateDto } from '../modules/mail/dto/email-templates.dto.js';
import { BodyFieldsPipe, createValidationPipe } from './validation.js';

class QueryBody {
  @Allow() filters?: unknown;
  @Allow() cp?: unknown;
}
class Checked {
  @Allow() a?: unknown;
  @IsString() b?: string;
}

const answer = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(BadRequestException);
    return (e as BadRequestException).getResponse();
  }
  throw new Error('expected a 400');
};

describe(BodyFieldsPipe.name, () => {
  const pipe = new BodyFieldsPipe(QueryBody);

  it('passes a body of the DTO’s fields on as it is, and no body as an empty one', () => {
    const body = { filters: [{ name: 'track', value: 1 }], cp: 2 };
    expect(pipe.transform(body)).toBe(body);
    expect(pipe.transform(undefined)).toEqual({});
  });

  it('refuses other fields as the global pipe does: each one in the details, the first on top', () => {
    expect(answer(() => pipe.transform({ cp: 1, where: '1=1', __proto__x: 2 }))).toEqual({
      code: 'request.invalid',
      message: 'property where should not exist',
      details: [
        { field: 'where', message: 'property where should not exist' },
        { field: '__proto__x', message: 'property __proto__x should not exist' },
      ],
    });
  });

  it('refuses a body that is not an object', () => {
    for (const body of [[], [1], 'x', 3, null])
      expect(answer(() => pipe.transform(body))).toMatchObject({
        code: 'request.invalid',
        message: 'Validation failed (object is expected)',
      });
  });

  it('refuses, at start-up, a DTO with any validator but @Allow()', () => {
    expect(() => new BodyFieldsPipe(Checked)).toThrow(/Checked\.b has a validator/);
  });
});

describe('createValidationPipe', () => {
  const pipe = createValidationPipe();
  const validate = async (body: unknown) => {
    try {
      await pipe.transform(body, { type: 'body', metatype: EmailTemplateDto });
    } catch (e) {
      return (e as BadRequestException).getResponse() as { message: string; details: unknown };
    }
    return undefined;
  };

  it('answers a missing field with its "fill in" message only, not with the length rule it also fails', async () => {
    expect(await validate({ subject: 'Your paper' })).toEqual({
      code: 'request.invalid',
      message: 'Please fill in the text',
      details: [{ field: 'text', message: 'Please fill in the text' }],
    });
    expect((await validate({ text: 'Dear author' }))?.message).toBe('Please fill in the subject');
    expect((await validate({ subject: 'Your paper', text: 'x'.repeat(50_001) }))?.message).toBe(
      'The text must be at most 50000 characters',
    );
    expect(await validate({ subject: 'Your paper', text: 'Dear author' })).toBeUndefined();
  });

  it('answers an undeclared field holding a large value as any undeclared field, with the other fields checked', async () => {
    const small = await validate({ text: 'Dear author', ids: [1], nested: 'x' });
    const large = await validate({
      text: 'Dear author',
      ids: Array.from({ length: 200_000 }, (_, i) => i),
      nested: { deep: { deeper: [1, 2, 3] } },
    });
    expect(small?.details).toEqual(
      expect.arrayContaining([
        { field: 'subject', message: 'Please fill in the subject' },
        { field: 'ids', message: 'property ids should not exist' },
        { field: 'nested', message: 'property nested should not exist' },
      ]),
    );
    expect(large).toEqual(small);
  });

  it('leaves the declared fields of a valid body as they came', async () => {
    const body = { subject: 'Your paper', text: 'Dear author' };
    await expect(pipe.transform(body, { type: 'body', metatype: EmailTemplateDto })).resolves.toMatchObject(
      body,
    );
  });
});
