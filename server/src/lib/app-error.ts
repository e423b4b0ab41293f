/** Business errors thrown by services; the error plugin maps the code to the spec's HTTP status. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A write made on a version of an intervention that is no longer the current one (carries the current state). */
  VERSION_CONFLICT: 409,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BUSINESS_RULE: 422,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: { field: string; msg: string }[];
  /** Every object an all-or-nothing call refused, and why (the envelope's `failed`). */
  readonly failed?: { id: number; reason: string }[];
  /** Sent as the envelope's `data` (the current intervention of a VERSION_CONFLICT). */
  readonly data?: unknown;
  /** Sent as the Retry-After header (a 429 of a limit whose window is known). */
  readonly retryAfterSeconds?: number;
  /** The envelope's `code` when more precise than the status's (HABILITATION_REQUISE, issue 34). */
  readonly responseCode?: string;
  /** What a refused assignment lacks (the envelope's `manquantes`, issue 34). */
  readonly manquantes?: { travail: string; symboles: string[]; message: string }[];

  constructor(
    code: ErrorCode,
    message: string,
    details?: { field: string; msg: string }[],
    extra: {
      failed?: { id: number; reason: string }[];
      data?: unknown;
      retryAfterSeconds?: number;
      responseCode?: string;
      manquantes?: { travail: string; symboles: string[]; message: string }[];
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
    this.failed = extra.failed;
    this.data = extra.data;
    this.retryAfterSeconds = extra.retryAfterSeconds;
    this.responseCode = extra.responseCode;
    this.manquantes = extra.manquantes;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}
