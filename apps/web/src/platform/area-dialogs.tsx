/**
 * Dialogs one area opens inside another's page (the add-number wizard of the buy-numbers area,
 * launched from the telephone numbers list): a feature never imports another, so the owning area
 * declares the dialog by name in its pages (`AreaPages.dialogs`, loaded on demand), the app's
 * registry hands them here, and the launching page names it:
 *
 *   // features/buy-numbers/pages.ts
 *   dialogs: { [ADD_NUMBER_DIALOG]: () => import('./add-number-wizard.tsx') }
 *   // features/telephone-numbers/telephone-numbers-list-page.tsx
 *   moreAdds={[{ button: 'Add', dialog: (p) => <AreaDialog name={ADD_NUMBER_DIALOG} {...p} /> }]}
 */
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';

export interface AreaDialogProps {
  open: boolean;
  onClose: () => void;
}

export type AreaDialogLoader = () => Promise<{ default: ComponentType<AreaDialogProps> }>;

/** The add-number wizard (buy-numbers), opened from the telephone numbers list. */
export const ADD_NUMBER_DIALOG = 'add-number';

const dialogs = new Map<string, LazyExoticComponent<ComponentType<AreaDialogProps>>>();

/** The app's registry declares every area's dialogs once, at start. */
export function registerAreaDialogs(declared: Readonly<Record<string, AreaDialogLoader>>): void {
  for (const [name, load] of Object.entries(declared)) {
    if (dialogs.has(name)) throw new Error(`The dialog ${name} is declared twice`);
    dialogs.set(name, lazy(load));
  }
}

/** Whether a dialog is declared (a launcher is hidden otherwise). */
export const hasAreaDialog = (name: string): boolean => dialogs.has(name);

/** The dialog `name`, loaded when first opened; nothing when no area declares it. */
export function AreaDialog({ name, ...props }: AreaDialogProps & { name: string }) {
  const Dialog = dialogs.get(name);
  if (!Dialog || !props.open) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
