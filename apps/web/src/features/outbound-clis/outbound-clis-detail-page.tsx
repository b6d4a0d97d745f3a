/** /outbound-clis/{id}: a caller-ID list's name, description and numbers. */
import { OUTBOUND_CLI_MESSAGES } from '@switchboard/domain';
import { AreaRecordPage } from '../../platform/tabbed-form/area-record-page.tsx';
import { outboundClis, useOutboundCliFields } from './api.ts';
import { outboundClisArea } from './area.ts';

export default function OutboundCliDetailPage() {
  const fields = useOutboundCliFields();
  return (
    <AreaRecordPage
      area={outboundClisArea}
      api={outboundClis}
      heading={{ name: 'name', number: 'id' }}
      loadFailed={OUTBOUND_CLI_MESSAGES.loadFailed}
      tabs={[{ label: 'List Details', kind: 'form', inputs: fields }]}
    />
  );
}
