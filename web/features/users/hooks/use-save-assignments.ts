import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Entry } from '../api/get-user-customers';
import { updateUserCustomers } from '../api/update-user-customers';
import { updateUserProperties } from '../api/update-user-properties';
import { userKeys } from '../query-keys';

/** Spec section 4: save runs the customer update, then the property update. */
export function useSaveAssignments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { email: string; customers: Entry[]; properties: Entry[] }) => {
      await updateUserCustomers(input.email, input.customers);
      await updateUserProperties(input.email, input.properties);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
