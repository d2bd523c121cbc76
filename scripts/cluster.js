// npm run cluster -- --instances 3 [--port 8080]: several API instances behind haproxy on this machine, to
// try what a deployment on several machines does (issue 24). Builds nothing: `npm run build` first.
//
// Environment: DATABASE_URL (PostgreSQL; default postgres://postgres@127.0.0.1:5432/symposium_cluster,
// created when missing), JWT_SECRET (default a new one per run: sessions end with the cluster), DATA_DIR
// (the disk file store every instance shares; default ./data/cluster), FILE_STORE and S3_* (passed through:
// FILE_STORE=s3 with S3_ENDPOINT … stores the files in S3), SMTP_*, CHAIR_EMAIL/CHAIR_PASSWORD, LOG_LEVEL.
// The haproxy configuration is deploy/haproxy.cfg (its bind, stats socket and server lines written here).
// Ctrl-C stops everything.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_DATABASE_URL, ROOT, startCluster } from './lib/cluster.js';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    port: { type: 'string', default: '8080' },
    quiet: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log('npm run cluster -- [--instances 3] [--port 8080] [--quiet]  (npm run build first)');
  process.exit(0);
}
const instances = Number(values.instances);
const port = Number(values.port);
if (!Number.isInteger(instances) || instances < 1 || instances > 32) {
  console.error(`--instances must be a whole number from 1 to 32, got "${values.instances}"`);
  process.exit(1);
}
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`--port must be a port number, got "${values.port}"`);
  process.exit(1);
}

const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
console.log(`Starting ${instances} API instance(s) on ${databaseUrl.replace(/:[^:@/]*@/, ':***@')} …`);
let cluster;
try {
  cluster = await startCluster({
    instances,
    port,
    databaseUrl,
    dataDir: resolve(process.env.DATA_DIR || resolve(ROOT, 'data/cluster')),
    output: values.quiet ? undefined : (name, text) => process.stdout.write(prefixed(name, text)),
  });
} catch (e) {
  console.error(e.message);
  process.exit(1);
}

function prefixed(name, text) {
  return text
    .split('\n')
    .filter((l) => l.length)
    .map((l) => `[${name}] ${l}\n`)
    .join('');
}

console.log(`\nSymposium: ${cluster.url}  (haproxy pid ${cluster.haproxyPid}, port ${cluster.port})`);
for (const i of cluster.instances) console.log(`  ${i.name}  pid ${i.pid}  ${i.url}`);
console.log(
  `  files: ${process.env.FILE_STORE === 's3' ? `S3 ${process.env.S3_ENDPOINT ?? ''}` : cluster.dataDir}`,
);
console.log(`  haproxy stats: echo "show stat" | socat stdio ${cluster.statsSocket}`);
console.log('Ctrl-C stops everything.');

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping …');
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
