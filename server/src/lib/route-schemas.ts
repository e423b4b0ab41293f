import { errorEnvelopeSchema } from '@gmao/domain/common/api';
import { versionConflictEnvelopeSchema } from '@gmao/domain/interventions/version-schemas';

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

/**
 * The same for routes that change one intervention: their 409 may be a VERSION_CONFLICT, whose envelope carries the
 * current intervention as `data` (the other 409s carry none).
 */
export const errorResponsesWithVersion = { ...errorResponsesWithBusinessRule, 409: versionConflictEnvelopeSchema };

/** `/:id` route params: the strict id of domain/common/api (decimal digits only, at most 2147483647). */
export { idParamsSchema } from '@gmao/domain/common/api';
