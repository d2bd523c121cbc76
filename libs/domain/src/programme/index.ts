export * from './programme.js';
