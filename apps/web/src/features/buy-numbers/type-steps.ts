/**
 * The extension point for number types whose steps are not this wizard's own (spec 3 §4: an
 * international number's Country, State (USA), Numbers and Regulations steps). A type registered
 * here replaces the wizard's Country / Region / Numbers / Confirm stages with its own, which end in
 * the same per-item feedback (`AllocateReply`). Nothing is registered yet: the international
 * backend is another area's, and INT is shown (to wholesale accounts and provider admins only, spec 3
 * §6) as not yet available until the lead wires its steps here.
 */
import type { AllocateReply, NumberType } from '@switchboard/domain';
import type { Stage } from '../../platform/staged-form/staged-form.tsx';

export interface TypeStepsContext {
  /** Hands the purchase's answer to the wizard's Feedback stage. */
  done: (reply: AllocateReply) => void;
}

export interface TypeSteps {
  /** The stages after Type, in order (the last one's action makes the purchase). */
  stages: (context: TypeStepsContext) => Stage[];
}

export const TYPE_STEPS: Partial<Record<NumberType, TypeSteps>> = {};
