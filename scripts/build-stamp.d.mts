// Types of build-stamp.mjs (plain JS so that `npm start` runs it before anything is built), for its tests.
export interface BuildTarget {
  label: string;
  workspace: string;
  output: string;
  inputs: string[];
}
export type TargetName = 'web' | 'server';
export type Inputs = Record<TargetName, Record<string, string>>;
export interface StaleTarget {
  name: TargetName;
  reason: string;
}
export const TARGETS: Record<TargetName, BuildTarget>;
export const STAMP_FILE: string;
export function hashInput(root: string, input: string): string;
export function currentInputs(root: string): Inputs;
export function readStamp(root: string): Inputs | null;
export function writeStamp(root: string, inputs: Inputs): void;
export function staleTargets(root: string, inputs?: Inputs, stamp?: Inputs | null): StaleTarget[];
export function describe(stale: StaleTarget[]): string;
