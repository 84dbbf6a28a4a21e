// Features that plug into others' extension points register themselves when imported. Only the
// small registration modules load here; their dialogs and panels are lazy.
import '../features/community/register-extensions.tsx';
import '../features/ai/index.ts';
