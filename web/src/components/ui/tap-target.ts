/**
 * The class of a label around a lone check box: on a phone the whole 44×44 area toggles it (WCAG 2.5.5 target size),
 * on a larger screen it is the box's own size.
 */
export const CHECKBOX_TAP_AREA = 'inline-flex h-11 w-11 cursor-pointer items-center justify-center sm:h-auto sm:w-auto';
