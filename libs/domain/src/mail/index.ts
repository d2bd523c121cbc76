export * from './placeholders.js';
export * from './mail.js';
