import Foundation
import MarkdownStore
@testable import SayItLaterCore
import TestSupport
import Testing

/// The write → feel → support → act flow as the core runs it: named actions in, stages,
/// choices and results out. No terminal anywhere.
@Suite("Writing flow")
struct WritingFlowTests {
    final class Fixture {
        let journal = JournalFixture()
        lazy var drafts = DraftStore(folder: journal.folder.url("state"))
        lazy var marks = LaunchMarks(folder: journal.folder.url("config"))
        lazy var flow = WritingFlow(journal: journal.journal, drafts: drafts, marks: marks)

        init(welcomed: Bool = true) throws {
            if welcomed { try marks.set(.welcomed) }
        }

        var draft: String? { (try? drafts.load()) ?? nil }
        var actions: [FlowAction] { flow.choices.map(\.action) }
    }

    @Test func theFirstLaunchWelcomesOnceThenWrites() throws {
        let fixture = try Fixture(welcomed: false)
        fixture.flow.start()
        #expect(fixture.flow.stage == .welcome)
        #expect(fixture.flow.choices == [FlowChoice(.startWriting, Copy.startWriting)])
        fixture.flow.perform(.startWriting)
        #expect(fixture.flow.stage == .writing)
        #expect(fixture.marks.has(.welcomed))
    }

    @Test func writeFeelKeepThenTheHistory() throws {
        let fixture = try Fixture()
        fixture.flow.start()
        #expect(fixture.flow.perform(.done) == .notice(Copy.nothingWritten))
        #expect(fixture.flow.stage == .writing)
        fixture.flow.write("Something I needed to say")
        #expect(fixture.flow.saveDraft(durable: false) == nil)
        #expect(fixture.draft == "Something I needed to say")
        fixture.flow.perform(.done)
        #expect(fixture.flow.stage == .feeling)
        #expect(fixture.actions == [.feel(.lighter), .feel(.same), .feel(.heavier)])
        #expect(fixture.flow.choices.map(\.label) == ["lighter", "the same", "heavier"])
        fixture.flow.perform(.feel(.lighter))
        #expect(fixture.flow.stage == .actions)
        #expect(fixture.actions == [.keep, .letGo, .close])
        guard case let .kept(entry) = fixture.flow.perform(.keep) else {
            Issue.record("not kept")
            return
        }
        #expect(entry.text == "Something I needed to say")
        #expect(entry.feeling == .lighter)
        #expect(fixture.flow.stage == .history)
        #expect(fixture.flow.hasEntries)
        #expect(fixture.draft == nil)
        fixture.flow.perform(.back)
        #expect(fixture.flow.stage == .writing)
        #expect(fixture.flow.text == "")
    }

    @Test func closeSaysItAndSavesNothing() throws {
        let fixture = try Fixture()
        fixture.flow.start()
        fixture.flow.write("not for keeping")
        fixture.flow.saveDraft()
        fixture.flow.perform(.done)
        fixture.flow.perform(.feel(.same))
        #expect(fixture.flow.perform(.close) == .closed)
        #expect(fixture.flow.stage == .writing)
        #expect(fixture.flow.text == "")
        #expect(fixture.draft == nil)
        #expect(fixture.journal.folder.files(under: "journal").isEmpty)
    }

    @Test func letGoAsksOnceThenIsGone() throws {
        let fixture = try Fixture()
        fixture.flow.start()
        fixture.flow.write("let this go")
        fixture.flow.perform(.done)
        fixture.flow.perform(.feel(.heavier))
        fixture.flow.perform(.letGo)
        #expect(fixture.flow.stage == .confirmLetGo(.writing))
        #expect(fixture.actions == [.confirmLetGo, .cancelLetGo])
        fixture.flow.perform(.cancelLetGo)
        #expect(fixture.flow.stage == .actions)
        fixture.flow.perform(.letGo)
        #expect(fixture.flow.perform(.confirmLetGo) == .gone)
        #expect(fixture.flow.stage == .gone(thenHistory: false))
        fixture.flow.perform(.moveOn)
        #expect(fixture.flow.stage == .writing)
        #expect(fixture.journal.folder.files(under: "journal").isEmpty)
    }

    @Test func heavyWordsGoByTheSupportScreenWhicheverWayIsChosen() throws {
        let fixture = try Fixture()
        fixture.flow.start()
        fixture.flow.write("I want to die")
        fixture.flow.perform(.done)
        fixture.flow.perform(.feel(.heavier))
        #expect(fixture.flow.stage == .support)
        #expect(fixture.actions == [.getSupportNow, .notRightNow])
        fixture.flow.perform(.getSupportNow)
        #expect(fixture.flow.stage == .resources(.actions))
        #expect(fixture.flow.choices == [FlowChoice(.leaveResources, Copy.continueLabel)])
        fixture.flow.perform(.leaveResources)
        #expect(fixture.flow.stage == .actions)
        fixture.flow.perform(.back)
        fixture.flow.perform(.feel(.same))
        #expect(fixture.flow.stage == .support)
        fixture.flow.perform(.notRightNow)
        #expect(fixture.flow.stage == .actions)
        guard case let .kept(entry) = fixture.flow.perform(.keep) else {
            Issue.record("not kept")
            return
        }
        #expect(entry.safety)
    }

    @Test func aDraftFoundAtStartIsOfferedAndOnlyLetGoOnceConfirmed() throws {
        let fixture = try Fixture()
        try fixture.drafts.save("unfinished words")
        fixture.flow.start()
        #expect(fixture.flow.stage == .draftOffer)
        #expect(fixture.flow.leftDraft)
        fixture.flow.perform(.discardDraft)
        #expect(fixture.flow.stage == .confirmLetGo(.draft))
        fixture.flow.perform(.back)
        #expect(fixture.flow.stage == .draftOffer)
        #expect(fixture.draft == "unfinished words")
        fixture.flow.perform(.continueDraft)
        #expect(fixture.flow.stage == .writing)
        #expect(fixture.flow.text == "unfinished words")
    }

    @Test func theDetailDeletesAndOffersSupportForAFlaggedEntry() throws {
        let fixture = try Fixture()
        try fixture.journal.journal.keep(text: "I want to hurt myself", feeling: .heavier)
        fixture.flow.start()
        fixture.flow.perform(.openHistory)
        #expect(fixture.flow.stage == .history)
        let summary = try #require(fixture.journal.journal.list().entries.first)
        fixture.flow.perform(.supportFor(summary))
        #expect(fixture.flow.stage == .resources(.history))
        fixture.flow.perform(.leaveResources)
        fixture.flow.perform(.open(summary))
        #expect(fixture.flow.stage == .detail)
        #expect(fixture.actions == [.delete, .back, .getSupport])
        fixture.flow.perform(.getSupport)
        #expect(fixture.flow.stage == .resources(.detail))
        fixture.flow.perform(.leaveResources)
        #expect(fixture.flow.stage == .detail)
        fixture.flow.perform(.delete)
        #expect(fixture.flow.stage == .confirmLetGo(.entry(summary)))
        #expect(fixture.flow.perform(.confirmLetGo) == .gone)
        #expect(fixture.flow.stage == .gone(thenHistory: true))
        fixture.flow.perform(.moveOn)
        #expect(fixture.flow.stage == .history)
        #expect(!fixture.flow.hasEntries)
    }

    @Test func actionsThatDoNotBelongToAStageDoNothing() throws {
        let fixture = try Fixture()
        fixture.flow.start()
        for action in [FlowAction.keep, .letGo, .confirmLetGo, .delete, .getSupport, .moveOn, .openHistory] {
            #expect(fixture.flow.perform(action) == .none)
            #expect(fixture.flow.stage == .writing)
        }
        #expect(fixture.journal.folder.files(under: "journal").isEmpty)
    }

    @Test func wordsLeftInAnEditorsFolderBecomeTheDraftOnce() throws {
        let fixture = try Fixture()
        try fixture.drafts.save("the start")
        let state = fixture.journal.folder.url("state")
        try fixture.journal.folder.write("the start, and what came next\n", to: "state/editing-0001/say-it-later.md")
        try fixture.journal.folder.write("something else entirely\n", to: "state/editing-0002/say-it-later.md")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000)],
                                              ofItemAtPath: state + "/editing-0001/say-it-later.md")
        // An edit of a kept entry that could not be saved is never taken for a draft.
        try fixture.journal.folder.write("an edit kept aside\n", to: "state/entry-edit-0003/say-it-later.md")
        fixture.flow.start()
        #expect(fixture.flow.stage == .draftOffer)
        #expect(fixture.draft == "the start, and what came next\n\nsomething else entirely")
        #expect(fixture.journal.folder.files(under: "state") == ["state/draft.txt", "state/entry-edit-0003/say-it-later.md"])
    }

    @Test func copyHoldsTheScreensWords() {
        #expect(Copy.closedSummary == "Closed. Nothing was saved.")
        #expect(SupportResource.all.map(\.call) == ["Samaritans 116 123", "NHS 111", "Emergency services 999"])
        #expect(Copy.draftPreview("\n  first line\nsecond") == "“first line”")
    }
}
