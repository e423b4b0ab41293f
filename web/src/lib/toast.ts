import { toast } from 'react-hot-toast';

/** Toast durations of spec §9 (default 4 s, success 3 s, error 5 s; intervention flow 2 s / 4 s). */
export const TOAST_DURATIONS = { default: 4000, success: 3000, error: 5000 } as const;
export const INTERVENTION_TOAST_DURATIONS = { success: 2000, error: 4000 } as const;

export const notify = {
  success: (message: string, duration: number = TOAST_DURATIONS.success) => toast.success(message, { duration }),
  error: (message: string, duration: number = TOAST_DURATIONS.error) => toast.error(message, { duration }),
  info: (message: string) => toast(message, { duration: TOAST_DURATIONS.default }),
};
