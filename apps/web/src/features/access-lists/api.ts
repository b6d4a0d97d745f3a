/** Access lists: the API path the pages share. */
export { usePromptOptions } from '../../platform/fields/option-sources.ts';

export const ACL_PATH = '/accesscontrol';
