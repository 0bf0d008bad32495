import MarkdownStore

/// What happens to one file in a sync.
enum SyncAction: Hashable, Sendable {
    /// New or changed on the remote only: its version comes here.
    case take
    /// New or changed here only: this computer's version goes to the remote.
    case send
    /// An entry changed differently on both sides: the remote's version stays, this computer's
    /// is kept as a new entry (a conflict copy).
    case conflict
    /// Another file changed differently on both sides (`.gitignore`): both sets of lines are kept.
    case merge
    /// Missing from the remote, with no record that it was let go: this computer's version goes back.
    case restoreOnRemote
    /// Missing here (deleted outside say), with no record that it was let go: it comes back here.
    case restoreHere
    /// Missing on both sides, with no record that it was let go: the last synced version comes back.
    case restoreBoth
    /// Let go on another computer, unchanged here: removed here and purged from this history.
    case letGoElsewhere
    /// Let go on another computer, changed here: the let-go wins; removed and purged here.
    case letGoWon
    /// Let go on this computer (or gone here already): removed from the remote and its history too.
    case letGoSent
    /// Let go, and already gone from both sides: only history may still hold it.
    case letGoGone
    /// This computer's version was let go (here or elsewhere); the remote holds a newer entry
    /// written at the same path since: the remote's comes here, the let-go versions are purged.
    case letGoTakeNewer
    /// The remote's version was let go; this computer holds a newer entry written at the same
    /// path since: this one goes to the remote, the let-go versions are purged.
    case letGoSendNewer
}

/// Which versions of one path were let go: by a version line of the journal record (or a path
/// line that stands for the whole path), this computer's, the remote's, the base's. This
/// computer's version also counts as let go when it is an edit of a base version that was.
struct LetGoSides: Hashable, Sendable {
    var local = false
    var remote = false
    var base = false
    /// The path was let go on this computer since the last sync (purged here already).
    var here = false

    var any: Bool { local || remote || base || here }
}

/// The sync rules, as a pure function of three trees and the let-go evidence: no files, no
/// git, no remote. The apply step (`GitSyncSession.apply`) carries the result out.
///
/// - `base`: the files the remote held when this computer last synced (nil: never synced, or
///   joining again with `--rejoin`, when nothing can be taken as removed);
/// - `local`, `remote`: the files on each side now;
/// - `letGo`: paths that say's let-go records name (from any side); `letGoHere`: those let
///   go on this computer since the last sync.
///
/// A file is let go only when a record says so, never because it is missing somewhere: a
/// missing file without that evidence is restored from whichever side still has it.
struct SyncPlan: Equatable, Sendable {
    /// The action for each path where something happens (paths left as they are are absent).
    var actions: [String: SyncAction]

    /// Decides every path of the three trees (or only `paths`, when the others are known to
    /// stay as they are).
    static func make(paths: Set<String>? = nil, base: [String: GitSyncFile]?, local: [String: GitSyncFile], remote: [String: GitSyncFile],
                     letGo: Set<String>, letGoHere: Set<String>, isEntry: (String) -> Bool) -> SyncPlan {
        var actions: [String: SyncAction] = [:]
        let paths = paths ?? Set(base?.keys ?? [:].keys).union(local.keys).union(remote.keys).union(letGoHere)
        for path in paths {
            let entry = isEntry(path)
            if let action = decide(base: base?[path], local: local[path], remote: remote[path],
                                   letGo: entry && letGo.contains(path), letGoHere: entry && letGoHere.contains(path), isEntry: entry) {
                actions[path] = action
            }
        }
        return SyncPlan(actions: actions)
    }

    /// The rule for one path: `base`, `local` and `remote` are its versions (nil: not there).
    ///
    /// - Returns: the action, or nil when the path stays as it is everywhere.
    static func decide(base: GitSyncFile?, local: GitSyncFile?, remote: GitSyncFile?, letGo: Bool, letGoHere: Bool,
                       isEntry: Bool) -> SyncAction? {
        if letGo || letGoHere {
            if letGoHere { return .letGoSent }
            if let local { return base == nil || local == base || local == remote ? .letGoElsewhere : .letGoWon }
            // Gone here already: still on the remote means it goes from there too.
            return remote == nil ? .letGoGone : .letGoSent
        }
        guard let base else {
            switch (local, remote) {
            case (nil, nil): return nil
            case (.some, nil): return .send
            case (nil, .some): return .take
            case let (local?, remote?): return local == remote ? nil : (isEntry ? .conflict : .merge)
            }
        }
        if local == remote { return local == nil ? .restoreBoth : nil }
        if local == base { return remote == nil ? .restoreOnRemote : .take }
        if remote == base { return local == nil ? .restoreHere : .send }
        if local == nil { return .restoreHere }        // deleted here, changed there: the change comes back
        if remote == nil { return .restoreOnRemote }   // changed here, missing there: the change goes back
        return isEntry ? .conflict : .merge
    }

    /// The rule for one entry path when the let-go evidence names versions: what was let go
    /// goes wherever it is, and a version that was not (a newer entry written at the same path)
    /// is kept like any other file.
    ///
    /// - Returns: the action, or nil when the path stays as it is everywhere.
    static func decide(base: GitSyncFile?, local: GitSyncFile?, remote: GitSyncFile?, sides: LetGoSides) -> SyncAction? {
        guard sides.any else { return decide(base: base, local: local, remote: remote, letGo: false, letGoHere: false, isEntry: true) }
        switch (sides.local ? nil : local, sides.remote ? nil : remote) {
        case (nil, nil):
            return decide(base: base, local: local, remote: remote, letGo: true, letGoHere: sides.here, isEntry: true)
        case (.some, nil):
            return .letGoSendNewer
        case (nil, .some):
            return .letGoTakeNewer
        case let (newerHere?, newerThere?):
            // Both newer than any let-go: two entries new to each other.
            return decide(base: nil, local: newerHere, remote: newerThere, letGo: false, letGoHere: false, isEntry: true)
        }
    }

    /// The plan when the let-go evidence is given per version (`sides`, for the entry paths with
    /// any let-go evidence; every other path has none).
    static func make(paths: Set<String>, base: [String: GitSyncFile]?, local: [String: GitSyncFile], remote: [String: GitSyncFile],
                     sides: [String: LetGoSides], isEntry: (String) -> Bool) -> SyncPlan {
        var actions: [String: SyncAction] = [:]
        for path in paths {
            let action: SyncAction?
            if isEntry(path), let sides = sides[path] {
                action = decide(base: base?[path], local: local[path], remote: remote[path], sides: sides)
            } else {
                action = decide(base: base?[path], local: local[path], remote: remote[path], letGo: false, letGoHere: false, isEntry: isEntry(path))
            }
            if let action { actions[path] = action }
        }
        return SyncPlan(actions: actions)
    }

    /// Paths with the given action, sorted.
    func paths(_ action: SyncAction) -> [String] {
        actions.filter { $0.value == action }.map(\.key).sorted()
    }

    /// Entries this sync removes from this computer (let go elsewhere), for the guard against
    /// removing many at once.
    var removedHere: [String] {
        actions.filter { $0.value == .letGoElsewhere || $0.value == .letGoWon || $0.value == .letGoTakeNewer }.map(\.key).sorted()
    }
}
