/**
 * The add-number wizard (spec 3 §4), opened from /telephone-numbers (numbers create): Type →
 * Country (geographic) → Region → Numbers → Confirm → Feedback. Each stage says what is missing
 * (spec 3 §5) and the server's refusals (0300 numbers for not-for-profit accounts only) stop at the
 * stage that caused them. An international number takes its own steps (international-stages.tsx).
 */
import { type AllocateReply, isProviderAdmin, isWholesale, BUY_NUMBER_MESSAGES as M } from '@switchboard/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useReducer, useState } from 'react';
import { ApiError, errorMessage } from '../../platform/api.ts';
import type { AreaDialogProps } from '../../platform/area-dialogs.tsx';
import { resourceKeys } from '../../platform/query-keys.ts';
import { useSession } from '../../platform/session-context.ts';
import { type Stage, StagedForm } from '../../platform/staged-form/staged-form.tsx';
import { purchase, regionsQuery } from './api.ts';
import { CountryStage, RegionStage, TypeStage } from './choice-stages.tsx';
import { ConfirmStage, PurchaseFeedback } from './confirm-stage.tsx';
import { useInternationalStages } from './international-stages.tsx';
import { NumbersStage } from './numbers-stage.tsx';
import { INITIAL_SELECTION, orderOf, type Selection, selectionReducer } from './wizard-state.ts';

/** A stage's check: the message that stops it, or null. */
type Check = () => Promise<string | null> | string | null;

function useStageErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const stage = (label: string, check: Check, rest: Omit<Stage, 'label' | 'action' | 'error'>): Stage => ({
    ...rest,
    label,
    error: errors[label],
    action: async () => {
      const problem = await check();
      setErrors((e) => ({ ...e, [label]: problem ?? '' }));
      return problem === null;
    },
  });
  return stage;
}

function usePurchase() {
  const queryClient = useQueryClient();
  const [reply, setReply] = useState<AllocateReply | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const buy = async (selection: Selection) => {
    setReply(null);
    setFailure(null);
    try {
      setReply(await purchase(orderOf(selection)));
    } catch (error) {
      // A refusal with the server's words, else the spec's generic text.
      setFailure(error instanceof ApiError && error.status < 500 ? errorMessage(error, M.failed) : M.failed);
    }
    // The account's numbers list (the telephone numbers area's resource) shows them at once.
    await queryClient.invalidateQueries({ queryKey: resourceKeys('/numbering/allocated').all });
    return true;
  };
  return { reply, failure, buy, done: setReply };
}

export default function AddNumberWizard({ open, onClose }: AreaDialogProps) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const [selection, change] = useReducer(selectionReducer, INITIAL_SELECTION);
  const stage = useStageErrors();
  const bought = usePurchase();
  const regions = async () => {
    try {
      await queryClient.fetchQuery(regionsQuery(selection.type ?? 'GEONUM', selection.country));
      return null;
    } catch (error) {
      return errorMessage(error);
    }
  };
  const props = { selection, change };
  const typeStage = stage(
    'Type',
    () => (selection.type ? (['GEONUM', 'INT'].includes(selection.type) ? null : regions()) : M.selectType),
    {
      content: <TypeStage {...props} international={isWholesale(session) || isProviderAdmin(session)} />,
    },
  );
  const international = useInternationalStages(stage, bought.done, selection.type);
  const stages: Stage[] =
    selection.type === 'INT'
      ? [typeStage, ...international]
      : [
          typeStage,
          ...(selection.type === 'GEONUM'
            ? [
                stage('Country', () => (selection.country ? regions() : M.selectCountry), {
                  content: <CountryStage {...props} />,
                }),
              ]
            : []),
          stage('Region', () => (selection.region === null ? M.selectRegion : null), {
            content: <RegionStage {...props} />,
          }),
          stage('Numbers', () => (selection.numbers.length === 0 ? M.selectNumber : null), {
            content: <NumbersStage {...props} />,
          }),
          {
            label: 'Confirm',
            content: <ConfirmStage selection={selection} />,
            actionLabel: 'Purchase',
            action: () => bought.buy(selection),
          },
        ];
  return (
    <StagedForm
      open={open}
      title="Add Telephone Numbers"
      stages={stages}
      feedback={<PurchaseFeedback reply={bought.reply} failure={bought.failure} />}
      onClose={() => {
        change({ kind: 'reset' });
        onClose();
      }}
    />
  );
}
