/** The routing health page's findings (its query key; the area registers it as read across areas). */
export const ROUTING_HEALTH_KEY = ['routing-health'] as const;
