// Features that plug into others' extension points are registered here, once, at start. Only the
// small registration modules load with the app; their dialogs and panels are lazy.
import { registerAiExtensions } from '../features/ai/index.ts';
import { registerCommunityExtensions } from '../features/community/index.ts';
import { registerLearningExtensions } from '../features/learning/index.ts';

registerCommunityExtensions();
registerAiExtensions();
registerLearningExtensions();
