/** Business errors thrown by services; the error plugin maps the code to the spec's HTTP status. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  BUSINESS_RULE: 422,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: { field: string; msg: string }[];

  constructor(code: ErrorCode, message: string, details?: { field: string; msg: string }[]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}
