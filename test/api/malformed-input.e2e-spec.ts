// Malformed input, part 1 of 3 (and the whole-route checks): see malformed-input.support.ts.
import { describeMalformedInput } from './malformed-input.support.js';

describeMalformedInput(0);
