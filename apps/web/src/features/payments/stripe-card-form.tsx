/**
 * Stripe's Payment Element, for a card provider configured as Stripe (loaded only then): the card
 * is confirmed with Stripe in the browser, which returns to `returnUrl` with redirect_status as the
 * sandbox's form does; the server learns the outcome from Stripe's signed webhook.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { PAYMENT_MESSAGES } from '@switchboard/domain';
import { type FormEvent, useState } from 'react';

/** Stripe.js once per publishable key (loadStripe adds its script once). */
const loaded = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  let stripe = loaded.get(key);
  if (!stripe) {
    stripe = loadStripe(key);
    loaded.set(key, stripe);
  }
  return stripe;
};

interface StripeCardFormProps {
  publishableKey: string;
  clientSecret: string;
  /** The panel's page to come back to ('/invoice', '/account-transaction'). */
  returnUrl: string;
  amountLabel: string;
}

export default function StripeCardForm({ publishableKey, clientSecret, returnUrl, amountLabel }: StripeCardFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
      <ConfirmForm returnUrl={returnUrl} amountLabel={amountLabel} />
    </Elements>
  );
}

function ConfirmForm({ returnUrl, amountLabel }: { returnUrl: string; amountLabel: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setError('');
    // On success Stripe leaves for return_url (with payment_intent and redirect_status); an answer
    // here is an error the card form shows (a decline, an incomplete field).
    const { error: failure } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: new URL(returnUrl, window.location.origin).toString() },
    });
    setError(failure.message ?? PAYMENT_MESSAGES.unexpected);
    setBusy(false);
  };
  return (
    <form onSubmit={submit}>
      <Stack spacing={2}>
        <PaymentElement />
        {error && <Alert severity="error">{error}</Alert>}
        <Button type="submit" variant="contained" disabled={!stripe || busy}>
          Pay {amountLabel}
        </Button>
      </Stack>
    </form>
  );
}
