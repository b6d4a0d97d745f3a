/** PayPal's own buttons (its JS SDK), for a configured PayPal: loaded only when used. */
import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';

export default function PayPalSdkButtons(props: {
  clientId: string;
  orderId: string;
  onApproved: () => void;
  onCancelled: () => void;
}) {
  return (
    <PayPalScriptProvider options={{ clientId: props.clientId, currency: 'GBP', intent: 'capture' }}>
      <PayPalButtons
        style={{ layout: 'vertical' }}
        fundingSource="paypal"
        // The server made the order (its amount and currency are the server's, never the browser's).
        createOrder={async () => props.orderId}
        onApprove={async () => props.onApproved()}
        onCancel={() => props.onCancelled()}
        onError={() => props.onCancelled()}
      />
    </PayPalScriptProvider>
  );
}
