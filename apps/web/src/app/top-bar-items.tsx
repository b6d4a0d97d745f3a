/** The areas' top-bar items (AreaDefinition.topBar), for users the area's rules allow. */
import { Fragment, Suspense } from 'react';
import { areaAllows } from '../platform/areas.ts';
import { useSession } from '../platform/session-context.ts';
import { AREAS } from './area-registry.ts';

export function TopBarItems() {
  const { can } = useSession();
  return (
    <>
      {AREAS.filter((a) => a.topBar && areaAllows(a, can)).map((a) => {
        const Item = a.topBar;
        return Item ? (
          <Fragment key={a.path}>
            <Suspense fallback={null}>
              <Item />
            </Suspense>
          </Fragment>
        ) : null;
      })}
    </>
  );
}
