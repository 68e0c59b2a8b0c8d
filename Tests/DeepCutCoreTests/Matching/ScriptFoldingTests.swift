import Foundation
import Testing

@testable import DeepCutCore

/// The script and spelling folds of issue 28, each checked against the hard negatives it could
/// break: a fold that makes two different releases one would hide a release.
@Suite struct ScriptFoldingTests {
    /// ICU's transforms exist in Foundation on Linux: Traditional-Simplified is used as is, and
    /// Cyrillic-Latin gives ISO 9, which is why Cyrillic uses the BGN/PCGN table instead.
    @Test func foundationsTransformsWorkOnThisPlatform() {
        #expect("葉惠美".applyingTransform(StringTransform("Traditional-Simplified"), reverse: false) == "叶惠美")
        #expect("Солнце".applyingTransform(StringTransform("Cyrillic-Latin"), reverse: false) == "Solnce")
        #expect(MatchText.fold("Солнце") == "solntse")
    }

    @Test func cyrillicReadsAsItsEnglishStyleTransliteration() {
        #expect(MatchText.fold("Кино") == MatchText.fold("Kino"))
        #expect(MatchText.fold("Группа крови") == "gruppa krovi")
        #expect(MatchText.fold("Чайф") == "chaif", "й loses its breve with the Latin diacritics")
    }

    @Test func traditionalAndSimplifiedChineseReadAlike() {
        #expect(MatchText.fold("葉惠美") == MatchText.fold("叶惠美"))
        #expect(MatchText.fold("周杰倫") == MatchText.fold("周杰伦"))
        #expect(MatchText.fold("七里香") != MatchText.fold("叶惠美"))
        // Japanese kana keep their marks.
        #expect(MatchText.fold("が") != MatchText.fold("か"))
    }

    @Test func nordicLettersReadAsTheirASCIISpellings() {
        #expect(MatchText.fold("Ágætis byrjun") == "agaetis byrjun")
        #expect(MatchText.fold("Með suð") == "med sud")
        #expect(MatchText.fold("Þögn") == "thogn")
        #expect(MatchText.fold("MØ") == "mo")
    }

    @Test func foldsStayIdempotent() {
        for text in ["Группа крови", "葉惠美", "Ágætis byrjun", "A • B", "Þögn", "Section.80", "'The ReVe Festival' Day 1 - Mini Album"] {
            #expect(MatchText.fold(MatchText.fold(text)) == MatchText.fold(text), "\(text)")
            #expect(TitleFamily.of(TitleFamily.of(text)) == TitleFamily.of(text), "\(text)")
        }
    }

    @Test func titleSpellingsReadAlikeButNumbersAndEllipsesStay() {
        #expect(TitleFamily.of("Section.80") == TitleFamily.of("Section 80"))
        #expect(TitleFamily.of("MM..FOOD") == TitleFamily.of("Mm…Food"))
        #expect(TitleFamily.of("P.H.U.Q.") == TitleFamily.of("PHUQ"))
        #expect(TitleFamily.of("Getz / Gilberto") == TitleFamily.of("Getz/Gilberto"))
        #expect(TitleFamily.of("\"Heroes\"") == TitleFamily.of("Heroes"))
        #expect(TitleFamily.of("MAP OF THE SOUL : 7") == TitleFamily.of("MAP OF THE SOUL: 7"))
        #expect(TitleFamily.of("1.0") != TitleFamily.of("10"))
        #expect(TitleFamily.of("Dawn...") != TitleFamily.of("Dawn"))
        #expect(TitleFamily.of("Let It Be... Naked") != TitleFamily.of("Let It Be"))
        #expect(TitleFamily.of("Don't Stop") != TitleFamily.of("Dont Stop"), "an apostrophe inside a word stays")
    }

    @Test func editionConventionsOfJapanAndKorea() {
        for title in ["POP VIRUS (初回限定盤A)", "POP VIRUS (通常盤)", "POP VIRUS [完全生産限定盤]", "POP VIRUS (初回生産限定盤)"] {
            #expect(TitleFamily.of(title) == "pop virus", "\(title)")
        }
        #expect(TitleFamily.of("POP VIRUS (ライブ盤)") != "pop virus")
        #expect(TitleFamily.of("IU 5th Album 'LILAC'") == "lilac")
        #expect(TitleFamily.of("The 5th Album 'DON'T MESS UP MY TEMPO'") == "don't mess up my tempo")
        #expect(TitleFamily.of("'The ReVe Festival' Day 1 - Mini Album") == "the reve festival day 1")
        #expect(TitleFamily.of("LOVE SHOT -Repackage-") == "love shot")
        #expect(TitleFamily.of("LOVE SHOT - The 5th Album Repackage") == "love shot")
        #expect(TitleFamily.of("LILAC (Inst.)") != "lilac")
    }

    @Test func creditSpellings() {
        #expect(ArtistCredit.main("The Killers") == ArtistCredit.main("Killers"))
        #expect(ArtistCredit.main("Dr. Dre") == ArtistCredit.main("Dr Dre"))
        #expect(ArtistCredit.main("R.E.M.") == ArtistCredit.main("REM"))
        #expect(ArtistCredit.main("Tyler, The Creator") == ArtistCredit.main("Tyler The Creator"))
        #expect(ArtistCredit.main("Beatles, The") == ArtistCredit.main("The Beatles"))
        #expect(ArtistCredit.main("Jay-Z") == ArtistCredit.main("JAY Z"))
        #expect(ArtistCredit.main("A$AP Rocky") == ArtistCredit.main("ASAP Rocky"))
        #expect(ArtistCredit.main("P!nk") == ArtistCredit.main("Pink"))
        #expect(ArtistCredit.main("Panic! at the Disco") == ArtistCredit.main("Panic at the Disco"))
        #expect(ArtistCredit.main("!!!") == "!!!", "a name of symbols keeps them")
        #expect(ArtistCredit.main("blink-182") == ArtistCredit.main("Blink‐182"))
        #expect(ArtistCredit.featured("Lil Nas X feat. Billy Ray Cyrus") == "billy ray cyrus")
        #expect(ArtistCredit.featured("Khruangbin & Leon Bridges") == nil)
    }
}
