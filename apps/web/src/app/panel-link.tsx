/**
 * The props of a link the provider configures (help, user manager, live chat): a path of the panel
 * opens in the panel through the router, anything else (another site, mailto:) in a new tab.
 */
import { Link as RouterLink } from 'react-router';

export function panelLinkProps(href: string) {
  return href.startsWith('/') && !href.startsWith('//')
    ? ({ component: RouterLink, to: href } as const)
    : ({ component: 'a', href, target: '_blank', rel: 'noopener' } as const);
}
