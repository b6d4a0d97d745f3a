/** Access lists: the API path the pages share. */
export { usePromptSelect } from '../../platform/fields/option-sources.ts';

export const ACL_PATH = '/accesscontrol';
