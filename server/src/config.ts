import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_USERNAME: z.string().min(3).regex(/^\w+$/, 'letters, digits and underscores only').default('admin'),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** Login attempts allowed per IP+username per minute. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Serve the built SPA from this folder (defaults to ../web/dist next to the server). */
  WEB_DIST: z.string().optional(),
});

export type Config = z.infer<typeof configSchema>;

/** Parses the environment once; a bad value throws one readable line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`Invalid configuration: ${String(issue?.path[0])}: ${issue?.message}`);
  }
  return result.data;
}
