import { errorEnvelopeSchema } from '@gmao/domain/common/api';
import { z } from 'zod';

/**
 * Response schemas of the error statuses a guarded CRUD route may answer with (validation, authentication,
 * permission, unknown id, conflict). Spread after a route's success response: `{ 200: …, ...errorResponses }`.
 */
export const errorResponses = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/** The same plus 422, for modules whose services enforce business rules (AppError('BUSINESS_RULE')). */
export const errorResponsesWithBusinessRule = { ...errorResponses, 422: errorEnvelopeSchema };

/** `/:id` route params: a positive integer id (coerced from the path segment). */
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });
