/**
 * The staged (wizard) form (spec 1 §4): Back / Next, then the stage's action (Create, Upload...)
 * which must succeed before advancing, and a final Feedback stage with Close. A stage may block
 * progress; a failed stage says 'Please go back to rectify the validation errors.', or its own
 * `error` when it has one (a refusal that is not about the values typed). A wizard may open at a
 * later stage (`initialStage`); Back still reaches the earlier ones.
 */

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { LAYOUT, MESSAGES } from '@switchboard/domain';
import { type ReactNode, useState } from 'react';

export interface Stage {
  label: string;
  content: ReactNode;
  /** Progress is blocked while true (e.g. nothing chosen yet). */
  blocked?: boolean;
  /** The button that leaves this stage ('Next' by default). */
  actionLabel?: string;
  /** Runs when leaving the stage; returning false (or throwing) keeps the user here. */
  action?: () => Promise<boolean>;
  /**
   * What a failed action shows instead of the generic 'Please go back to rectify the validation
   * errors.' (e.g. the server's reason for refusing); `null` shows nothing (the stage shows its own).
   */
  error?: ReactNode;
}

interface StagedFormProps {
  open: boolean;
  title: string;
  stages: Stage[];
  /** The final Feedback stage's content. */
  feedback: ReactNode;
  onClose: () => void;
  /** The stage the wizard opens at (0 unless told). */
  initialStage?: number;
}

export function StagedForm({ open, title, stages, feedback, onClose, initialStage = 0 }: StagedFormProps) {
  const [index, setIndex] = useState(initialStage);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const atFeedback = index === stages.length;
  const stage = stages[index];

  const close = () => {
    setIndex(initialStage);
    setFailed(false);
    onClose();
  };

  const advance = async () => {
    if (!stage) return;
    setFailed(false);
    if (stage.action) {
      setBusy(true);
      let ok = false;
      try {
        ok = await stage.action();
      } catch {
        ok = false;
      }
      setBusy(false);
      if (!ok) {
        setFailed(true);
        return;
      }
    }
    setIndex((i) => i + 1);
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="staged-title">
      <DialogTitle id="staged-title">{title}</DialogTitle>
      <DialogContent>
        <StageStepper labels={[...stages.map((s) => s.label), 'Feedback']} index={index} />
        {atFeedback ? feedback : stage?.content}
        {failed && !atFeedback && stage?.error !== null && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {stage?.error ?? MESSAGES.stageValidation}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {atFeedback ? (
          <Button variant="contained" onClick={close}>
            Close
          </Button>
        ) : (
          <>
            <Button onClick={close}>Cancel</Button>
            <Button
              disabled={index === 0 || busy}
              onClick={() => {
                setFailed(false);
                setIndex((i) => i - 1);
              }}
            >
              Back
            </Button>
            <Button variant="contained" disabled={busy || stage?.blocked} onClick={() => void advance()}>
              {stage?.actionLabel ?? 'Next'}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/**
 * The stages' stepper: labelled under each step, or on a narrow screen (spec 1 §9: 600 px or less,
 * where six labels run into each other) the steps alone and the current one named below them.
 */
/** Hidden on screen, still read out (each step keeps its name for a screen reader). */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function StageStepper({ labels, index }: { labels: string[]; index: number }) {
  const narrow = useMediaQuery(`(max-width:${LAYOUT.narrowBreakpoint}px)`);
  return (
    <>
      <Stepper
        activeStep={index}
        alternativeLabel={!narrow}
        // Narrow: the steps' own padding goes, so that seven of them (an international number) fit 390 px.
        sx={narrow ? { mb: 1, '& .MuiStep-root': { px: 0.25 }, '& .MuiStepLabel-iconContainer': { pr: 0 } } : { mb: 3 }}
      >
        {labels.map((l) => (
          <Step key={l}>
            <StepLabel slotProps={narrow ? { label: { sx: visuallyHidden } } : {}}>{l}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {narrow && (
        <Typography variant="subtitle2" sx={{ mb: 2 }} aria-hidden>
          {labels[index]} (step {index + 1} of {labels.length})
        </Typography>
      )}
    </>
  );
}
