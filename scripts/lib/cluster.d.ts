// Types of scripts/lib/cluster.js for the TypeScript tests.
import type { ChildProcess } from 'node:child_process';

export const ROOT: string;
export const MAIN: string;
export const HAPROXY_CONFIG: string;
export const DEFAULT_DATABASE_URL: string;

export interface Instance {
  name: string;
  port: number;
  url: string;
  child: ChildProcess | null;
  readonly pid: number | undefined;
  readonly running: boolean;
  start(): Promise<Instance>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface Cluster {
  url: string;
  port: number;
  databaseUrl: string;
  dataDir: string;
  jwtSecret: string;
  statsSocket: string;
  instances: Instance[];
  readonly haproxyPid: number | undefined;
  readonly logs: string;
  statuses(): Promise<Record<string, string>>;
  settled(ms?: number): Promise<void>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  instances?: number;
  port?: number;
  databaseUrl?: string;
  dataDir?: string;
  jwtSecret?: string;
  env?: Record<string, string>;
  output?: (name: string, text: string) => void;
}

export function startCluster(opts?: ClusterOptions): Promise<Cluster>;
export function findHaproxy(): string | undefined;
export function freePort(): Promise<number>;
export function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  ms?: number,
  detail?: () => string,
): Promise<void>;
export function ensureDatabase(url: string): Promise<void>;
export function haproxyConfig(opts: {
  port: number;
  statsSocket: string;
  servers: { name: string; port: number }[];
  template?: string;
}): string;
export function haproxyCommand(socket: string, command: string): Promise<string>;
export function serverStatuses(socket: string, backend?: string): Promise<Record<string, string>>;
