import { SIGNATURE_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { useEffect, useRef } from 'react';
import SignaturePad, { type PointGroup } from 'signature_pad';

/** Fewer points than this, or a drawing narrower/shorter than this many CSS px, is not a signature. */
export const SIGNATURE_MIN_POINTS = 10;
export const SIGNATURE_MIN_EXTENT = 40;

/** Whether the strokes are too few or too small to be a signature (issue 32 "Bad input"). */
export function signatureTooSmall(groups: PointGroup[]): boolean {
  const points = groups.flatMap((g) => g.points);
  if (points.length < SIGNATURE_MIN_POINTS) return true;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const extent = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  return extent < SIGNATURE_MIN_EXTENT;
}

/**
 * A signature pad (signature_pad) whose canvas is sized to the device pixel ratio (sharp on high-density screens) and
 * kept on rotation and resize: the strokes' points are saved, the canvas resized, the points drawn again (a plain
 * resize clears a canvas: signature_pad #219, #679). `onChange` gets the PNG data URL, or null while empty or too small.
 */
export function SignatureField({ label, onChange }: { label: string; onChange: (png: string | null) => void }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const padRef = useRef<SignaturePad | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current!;
    const pad = new SignaturePad(canvas, { minWidth: 0.8, maxWidth: 2.5, penColor: '#0f172a' });
    padRef.current = pad;
    const emit = () => {
      const data = pad.toData();
      onChangeRef.current(pad.isEmpty() || signatureTooSmall(data) ? null : pad.toDataURL('image/png'));
    };
    const fit = () => {
      const data = pad.toData();
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (data.length) pad.fromData(data);
    };
    fit();
    pad.addEventListener('endStroke', emit);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(canvas);
    window.addEventListener('orientationchange', fit);
    return () => {
      observer?.disconnect();
      window.removeEventListener('orientationchange', fit);
      pad.removeEventListener('endStroke', emit);
      pad.off();
    };
  }, []);

  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium text-slate-700">{label}</span>
      <canvas
        ref={canvasRef}
        aria-label={label}
        className="h-40 w-full touch-none rounded-md border border-slate-300 bg-white"
      />
      <button
        type="button"
        className="min-h-11 min-w-11 self-end rounded-md px-3 text-sm text-slate-600"
        onClick={() => {
          padRef.current?.clear();
          onChange(null);
        }}
      >
        {SIGNATURE_MESSAGES.clear}
      </button>
    </div>
  );
}
