import { MyShares } from '../../community/index.ts';

/** "My shares" on the profile (UI.md `/profile`): the community feature's list of the caller's templates. */
export function MySharesSection() {
  return <MyShares />;
}
