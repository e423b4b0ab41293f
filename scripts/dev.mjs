// `npm run dev`: the API with tsx (restarts on change) and Vite's dev server proxying /api to it.
import { spawn } from 'node:child_process';

const procs = [
  spawn('npx', ['tsx', 'watch', 'src/main.ts'], {
    cwd: 'server',
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? '../data' },
  }),
  spawn('npx', ['vite'], { cwd: 'web', stdio: 'inherit' }),
];
const stop = () => {
  for (const p of procs) p.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
