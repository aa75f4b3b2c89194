import Stack from '@mui/material/Stack';
import { titleCase } from '../../../components/text/display-name';
import type { AssignmentEditor } from '../hooks/use-assignment-editor';
import { usersText as t } from '../strings';
import { SearchChecklist } from './search-checklist';
import { SelectedChips } from '../../../components/ui/selected-chips';
import { PropertyPicker } from '../../../components/pickers/property-picker';

/** The customer checklist and the property picker (as a checklist) side by side, each with its chips (Edit User and the user detail). */
export function AssignmentFields({ editor, onChange, height }: { editor: AssignmentEditor; onChange?: () => void; height?: number }) {
  const { userEmail, busy } = editor;
  const changed =
    (f: (id: string) => void) =>
    (id: string): void => {
      f(id);
      onChange?.();
    };
  return (
    <Stack direction="row" spacing={2}>
      <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
        <SearchChecklist
          label={t.customers}
          searchLabel={t.searchCustomers}
          items={(editor.allCustomers.data ?? []).map((c) => ({ id: c.ID, primary: titleCase(c.NAME) }))}
          selected={new Set(editor.selectedCustomerIds)}
          onToggle={changed(editor.toggleCustomer)}
          emptyText={!userEmail ? t.chooseUserFirst : editor.allCustomers.isPending ? t.loading : t.noCustomers}
          disabled={!userEmail || busy}
          height={height}
        />
        <SelectedChips
          label={t.selectedCustomers}
          items={editor.selectedCustomerIds.map((id) => ({ id, name: titleCase(editor.customerNames.get(id) ?? id) }))}
          onRemove={changed(editor.removeCustomer)}
          disabled={busy}
        />
      </Stack>
      <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
        <PropertyPicker
          presentation="checklist"
          label={t.properties}
          options={editor.options}
          selection={editor.selection}
          onChange={(next) => {
            editor.setSelection(next);
            onChange?.();
          }}
          loading={!!userEmail && editor.selectedCustomerIds.length > 0 && editor.available.isFetching && editor.options.length === 0}
          loadingText={t.loading}
          emptyText={!userEmail ? t.chooseUserFirst : editor.selectedCustomerIds.length ? t.noProperties : t.chooseCustomersFirst}
          disabled={!userEmail || busy}
          height={height}
        />
      </Stack>
    </Stack>
  );
}
