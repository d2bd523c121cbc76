export * from './programme.js';
export * from './clashes.js';
export * from './builder.js';
