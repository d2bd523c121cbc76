import { ValidateIf } from 'class-validator';

/**
 * The field may be left out; when it is sent, it is validated, so `null` is refused with the field's
 * message (class-validator's IsOptional lets null through, and a NOT NULL column then answers 500).
 */
export const Optional = () => ValidateIf((_o: object, v: unknown) => v !== undefined);

/** The field may be left out or sent as null on purpose (it clears a value); anything else is validated. */
export const Nullable = () => ValidateIf((_o: object, v: unknown) => v !== undefined && v !== null);
