export * from './programme.js';
export * from './clashes.js';
