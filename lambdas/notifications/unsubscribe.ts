// Being written (issue 20, notifications): replaced before this lands.
export const handler = async (): Promise<never> => {
  throw new Error('not built yet');
};
