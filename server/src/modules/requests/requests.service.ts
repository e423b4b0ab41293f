/**
 * Demandes d'intervention (issue 33; decisions in ARCHITECTURE.md "Requests"), one idea a file: the equipment's link
 * (request-links), the public form's throttle (request-throttle), the photos' checks (request-photos), filing
 * (request-filing), reading (request-inbox) and deciding (request-decisions). This file only names them as one
 * service, so the routes, app.ts and the tests keep a single door to the module whatever file holds what.
 */

export { acceptRequest, declineRequest, mergeRequest } from './request-decisions.service.ts';
export { filePortalRequest, fileRequest, type NewRequestInput } from './request-filing.service.ts';
export {
  getRequest,
  listClientRequests,
  listPortalUserRequests,
  listRequests,
  openPhoto,
} from './request-inbox.service.ts';
export {
  equipmentOfToken,
  getRequestLink,
  publicLogo,
  publicTarget,
  rotateRequestLink,
} from './request-links.service.ts';
export { checkPhotos, PhotoTooLargeError, type ReceivedPhoto } from './request-photos.ts';
export {
  DEFAULT_REQUEST_THROTTLE,
  enterPublicRequest,
  type RequestThrottleSettings,
} from './request-throttle.service.ts';
