import { z } from 'zod';

export const Id = z.string().trim().min(1, 'must not be empty').max(200);
export const ErrorReply = z.object({ error: z.string() });

export const CustomersReply = z.array(z.object({ ID: z.string(), NAME: z.string() }));
export const PropertiesBody = z.object({ customerIds: z.array(Id).max(10_000) });
export const PropertiesReply = z.array(z.object({ ID: z.string(), NAME: z.string(), PROPERTY_TYPE: z.string() }));
export const SigmaCustomersReply = z.object({ customer_names: z.array(z.string()), customer_ids: z.array(z.string()) });
export const CustomerParams = z.object({ customerId: Id });
export const SigmaBuildingsReply = z.object({
  property_names: z.array(z.string()),
  property_ids: z.array(z.string()),
  property_type: z.array(z.string()),
});
