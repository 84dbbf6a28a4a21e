// Authors, following, the feed and collections (issue #16): the public surface for pages and features.
export { AuthorProfile } from './components/AuthorProfile.tsx';
export { CollectionView } from './components/CollectionView.tsx';
export { FollowingFeed } from './components/FollowingFeed.tsx';
export { MyCollections } from './components/MyCollections.tsx';
export { AddToCollectionButton } from './lazy.tsx';
export { readCommunityTab, type CommunityTab } from './model/social.ts';
