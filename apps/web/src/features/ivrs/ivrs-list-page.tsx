/** /ivrs: the account's IVR menus, bulk add by number range (description required), delete. */
import { ivrFields, ivrRange } from '@switchboard/domain';
import { labelOf } from '../../platform/fields/declared-fields.ts';
import { NumberedListPage } from '../../platform/range-add/numbered-list-page.tsx';
import { ivrs } from './api.ts';
import { ivrsArea } from './area.ts';

export default function IvrsListPage() {
  return (
    <NumberedListPage
      area={ivrsArea}
      api={ivrs}
      numbering={{
        schema: ivrRange,
        number: 'name',
        name: 'description',
        nameLabel: labelOf(ivrFields, 'description'),
      }}
      columns={[{ field: 'keysSet', header: 'Keys Set', sortable: true }]}
    />
  );
}
