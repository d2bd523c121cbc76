// Malformed input, part 2 of 3: see malformed-input.support.ts.
import { describeMalformedInput } from './malformed-input.support.js';

describeMalformedInput(1);
